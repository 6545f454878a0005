// The handlers time travel runs, in the order they run on one date: pauses dated later than their order, resumes,
// term ends, then bill runs (they bill what the renewals and resumes of that date left due).
import { billRuns } from './billRuns';
import type { DueHandler } from './due';
import { scheduledPauses } from './pauses';
import { scheduledResumes } from './resumes';
import { termEnds } from './terms';

export const DUE_HANDLERS: readonly DueHandler[] = [scheduledPauses, scheduledResumes, termEnds, billRuns];
