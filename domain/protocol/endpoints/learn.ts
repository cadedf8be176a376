import { bytesAnswerSchema, endpoint } from '../endpoint';
import {
  EXPORT_TYPES,
  journalListRequestSchema,
  journalNoteRequestSchema,
  journalNoteSchema,
  journalPageSchema,
  reportExportRequestSchema,
  reportSummaryRequestSchema,
  reportSummarySchema,
  riskCheckAnswerRequestSchema,
  riskCheckRoundSchema,
  riskCheckStartRequestSchema,
  riskCheckVerdictSchema,
} from '../learn';

/** The risk check before leverage above 5× and before the first option. */
export const riskCheckEndpoints = {
  start: endpoint({
    method: 'POST',
    path: '/user/risk-check/start',
    auth: 'user',
    input: riskCheckStartRequestSchema,
    output: riskCheckRoundSchema,
  }),
  answer: endpoint({
    method: 'POST',
    path: '/user/risk-check/answer',
    auth: 'user',
    input: riskCheckAnswerRequestSchema,
    output: riskCheckVerdictSchema,
  }),
};

/** The trade journal and its reports, from the account's own fills and positions. */
export const journalEndpoints = {
  list: endpoint({
    method: 'POST',
    path: '/user/journal/list',
    auth: 'user',
    input: journalListRequestSchema,
    output: journalPageSchema,
  }),
  note: endpoint({
    method: 'POST',
    path: '/user/journal/note',
    auth: 'user',
    input: journalNoteRequestSchema,
    output: journalNoteSchema,
  }),
  summary: endpoint({
    method: 'POST',
    path: '/user/report/summary',
    auth: 'user',
    input: reportSummaryRequestSchema,
    output: reportSummarySchema,
  }),
  export: endpoint({
    method: 'GET',
    path: '/user/report/export',
    auth: 'user',
    input: reportExportRequestSchema,
    output: bytesAnswerSchema,
    produces: EXPORT_TYPES,
  }),
};
