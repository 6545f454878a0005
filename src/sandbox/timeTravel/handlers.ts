// The handlers time travel runs, in the order they run on one date: resumes, term ends, then bill runs (they
// bill what the renewals and resumes of that date left due).
import { billRuns } from './billRuns';
import type { DueHandler } from './due';
import { scheduledResumes } from './resumes';
import { termEnds } from './terms';

export const DUE_HANDLERS: readonly DueHandler[] = [scheduledResumes, termEnds, billRuns];
