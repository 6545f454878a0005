// The handlers time travel runs, in the order they run on one date. Bill runs go after the term handler (they
// bill the term a renewal began) and before nothing else: add `billRuns` at the end of this list.
import type { DueHandler } from './due';
import { scheduledResumes } from './resumes';
import { termEnds } from './terms';

export const DUE_HANDLERS: readonly DueHandler[] = [scheduledResumes, termEnds];
