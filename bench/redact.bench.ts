// The redaction on the scenario run's hot path: every step's exchange (the body sent, the answer) and every
// History record go through Redactor.json. A 1 MB answer of 2,000 v1 payment methods (the fields of the
// service's schemas, secret and not), with the 256 learned values a long run may hold, and learning from it.
import { Redactor, learnSecrets } from '../src/client/redact';
import { figure, median } from './measure';

const methods = Array.from({ length: 2_000 }, (_, i) => ({
  id: `8a90${String(i).padStart(28, '0')}`,
  accountId: `2c92${String(i).padStart(28, '0')}`,
  accountNumber: `A${String(i).padStart(8, '0')}`,
  type: 'CreditCard',
  status: 'Active',
  creditCardMaskNumber: '************1111',
  creditCardHolderName: 'Ada Lovelace',
  creditCardExpirationMonth: 12,
  creditCardExpirationYear: 2030,
  bankIdentificationNumber: '411111',
  bankAccountNumber: `DE${String(i).padStart(20, '7')}`,
  identityNumber: `ID-${i}`,
  tokenId: `tok_${i.toString(36).padStart(24, 'x')}`,
  createdDate: '2027-01-01T00:00:00.000Z',
  lastTransaction: `Approved 2027-01-01 amount 1350.00 USD ref ${i}`,
  totalNumberOfProcessedPayments: i,
}));
const answer = { success: true, paymentMethods: methods };
const bytes = JSON.stringify(answer).length;

const client = new Redactor();
client.remember('client-secret-value');
const run = client.with(learnSecrets(answer, new Set(), 256));

figure(
  `redact a ${(bytes / 1e6).toFixed(1)} MB answer (2,000 payment methods)`,
  median(() => run.json(answer)),
  'ms',
  '< 60',
);
figure(
  'learn the secret values of that answer (up to 256)',
  median(() => learnSecrets(answer, new Set(), 256)),
  'ms',
  '< 30',
);
