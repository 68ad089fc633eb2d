import * as t from 'io-ts';
import { envelope, Id, IsoDate, NonEmptyString } from './common';

/** The file formats an organiser can submit: each is read by the importer of the same name. */
export const SUBMISSION_FORMATS = ['fesa', 'trf', 'egd', 'csv'] as const;
export type SubmissionFormat = (typeof SUBMISSION_FORMATS)[number];
export const SubmissionFormatC = t.keyof({ fesa: null, trf: null, egd: null, csv: null }, 'SubmissionFormat');

/**
 * One submitted file as received: its name says what it is to its importer (turnering.txt, nye-spillere, …); its
 * bytes are kept in base64, since text in a fact holds no line breaks and FESA files are Latin-1, not UTF-8.
 */
export const SubmittedFile = t.type({ name: NonEmptyString, base64: t.string });
/** As it arrives (the codec's input): a file name and its text. */
export type SubmittedFile = t.OutputOf<typeof SubmittedFile>;

/**
 * An organiser (or an officer) handed in a tournament's results and they passed every check of their importer; nothing
 * is rated until an officer approves. The files are kept whole in the fact, so that approving imports exactly what was
 * checked and an auditor can read what was submitted; `contentHash` (sha256 over names and contents) lets a reader
 * see that two submissions hold the same files. `actor` is the submitter, `role` their role when submitting.
 */
/**
 * What the import of the files is told besides them, as `trf import` and `egd import` take it: the rule set the
 * tournament is rated under (a TRF file: fide-2024, fide or uscf-k; an EGD table: egd-gor or gobase-go), and for a TRF
 * file without a start date (record 042) or round dates, its first and last day. Absent: the importer's defaults.
 */
export const SubmissionImportOptions = t.partial({ ruleSet: NonEmptyString, startDate: IsoDate, endDate: IsoDate });
export type SubmissionImportOptions = t.OutputOf<typeof SubmissionImportOptions>;

export const SubmissionReceived = t.intersection([
  t.type({
    type: t.literal('SubmissionReceived'),
    version: t.literal(1),
    ...envelope,
    submissionId: Id,
    role: NonEmptyString,
    tournamentId: Id,
    format: SubmissionFormatC,
    files: t.array(SubmittedFile),
    contentHash: NonEmptyString,
  }),
  t.partial({ options: SubmissionImportOptions }),
]);
export type SubmissionReceived = t.TypeOf<typeof SubmissionReceived>;
