import * as E from 'fp-ts/Either';
import type { SubmittedFile } from '../../../domain/events';
import type { SubmissionReaders } from '../../app/submissions';
import { CsvError, csvText, parseCsvRecords } from './csv';
import { decodeEgd, parseEgd } from './egd';
import { readSubmittedFolder } from './fesa/submitted';
import { decodeTrf, parseTrf } from './trf';

const bytesOf = (file: SubmittedFile): Buffer => Buffer.from(file.base64, 'base64');
const sentence = (error: Error): string => error.message;

/** A games CSV read as `game report --csv` reads it; a malformed file is the sentence naming its line. */
const readCsv = (file: SubmittedFile): ReturnType<SubmissionReaders['csv']> => {
  try {
    return E.right(parseCsvRecords(csvText(bytesOf(file), file.name), file.name));
  } catch (error) {
    if (error instanceof CsvError) return E.left(error.message);
    throw error;
  }
};

/**
 * A submission's files read by the same parsers as `fesa import`, `trf import`, `egd import` and `game report --csv`, so that it is checked
 * exactly as its import would check it; a refusal names the file by the name it was submitted under.
 */
export const SUBMISSION_READERS: SubmissionReaders = {
  fesa: readSubmittedFolder,
  trf: (file) => E.mapLeft(sentence)(parseTrf(decodeTrf(bytesOf(file)), file.name)),
  egd: (file) => E.mapLeft(sentence)(parseEgd(decodeEgd(bytesOf(file)), file.name)),
  csv: readCsv,
};
