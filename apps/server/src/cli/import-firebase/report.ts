/** What an import tells at the end: exact counters per collection and every row it skipped, with why. */

/** A problem that stops the import before it writes anything (printed without a stack). */
export class ImportError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ImportError';
  }
}

/** Why a row (or a file of an imported row) was not brought in. */
export type SkipReason =
  | 'not_an_object'
  | 'missing_field'
  | 'invalid_field'
  | 'duplicate'
  | 'missing_author'
  | 'dangling_reference'
  | 'unknown_type_code'
  | 'missing_file'
  | 'bad_file'
  | 'self_reference';

export interface CollectionCounts {
  /** Rows seen in the export. read = imported + alreadyThere + skipped. */
  read: number;
  /** Rows written by this run. */
  imported: number;
  /** Rows an earlier run (or another collection of this run) already brought in. */
  alreadyThere: number;
  skipped: number;
}

export interface SkippedRow {
  collection: string;
  /** The row's key in the export (`post/user` for relations). */
  id: string;
  reason: SkipReason;
  detail: string;
}

/** A file of a row that was imported without it (an avatar that is not in the files folder). */
export interface FileProblem {
  collection: string;
  id: string;
  field: string;
  reason: 'missing_file' | 'bad_file';
  detail: string;
}

export interface ImportReport {
  exportFile: string;
  filesDir: string;
  startedAt: string;
  finishedAt: string;
  collections: Record<string, CollectionCounts>;
  skipped: SkippedRow[];
  fileProblems: FileProblem[];
  files: { images: number; videos: number; bytes: number };
  /** How the ambiguous post type code 4 was read (spec §3): by the bytes of its files. */
  typeCode4: { asGif: number; asImages: number };
  /** Usernames changed to fit the rules here or to be unique: export key → new username. */
  renamedUsernames: Record<string, string>;
  /** Counter columns that recomputing from the rows changed. */
  countersFixed: number;
  /** Collections of the export that were not read, and why. */
  ignored: Record<string, string>;
  resetMails: { requested: boolean; sent: number; failed: number };
}

export function emptyReport(exportFile: string, filesDir: string): ImportReport {
  return {
    exportFile,
    filesDir,
    startedAt: new Date().toISOString(),
    finishedAt: '',
    collections: {},
    skipped: [],
    fileProblems: [],
    files: { images: 0, videos: 0, bytes: 0 },
    typeCode4: { asGif: 0, asImages: 0 },
    renamedUsernames: {},
    countersFixed: 0,
    ignored: {},
    resetMails: { requested: false, sent: 0, failed: 0 },
  };
}

/** The counters of one collection (created at zero on first use). */
export function countsOf(report: ImportReport, collection: string): CollectionCounts {
  return (report.collections[collection] ??= { read: 0, imported: 0, alreadyThere: 0, skipped: 0 });
}

/** The report as the command prints it. */
export function formatReport(report: ImportReport): string {
  const lines: string[] = [];
  const names = Object.keys(report.collections);
  const width = Math.max(10, ...names.map((n) => n.length));
  lines.push(
    `${'collection'.padEnd(width)}  ${'read'.padStart(6)}  ${'imported'.padStart(8)}  ${'already'.padStart(7)}  ${'skipped'.padStart(7)}`,
  );
  for (const name of names) {
    const c = report.collections[name]!;
    lines.push(
      `${name.padEnd(width)}  ${String(c.read).padStart(6)}  ${String(c.imported).padStart(8)}  ${String(c.alreadyThere).padStart(7)}  ${String(c.skipped).padStart(7)}`,
    );
  }
  lines.push(
    '',
    `Files stored: ${report.files.images} images (re-encoded as WebP and AVIF), ${report.files.videos} videos, ${report.files.bytes} bytes read.`,
    `Type code 4: ${report.typeCode4.asGif} read as gif, ${report.typeCode4.asImages} as images (decided by the files' bytes).`,
  );
  if (report.countersFixed)
    lines.push(`Counters recomputed from the rows: ${report.countersFixed}.`);
  const renamed = Object.entries(report.renamedUsernames);
  if (renamed.length) {
    lines.push('', `Usernames changed (${renamed.length}):`);
    for (const [from, to] of renamed) lines.push(`  ${from} → ${to}`);
  }
  if (report.skipped.length) {
    lines.push('', `Skipped rows (${report.skipped.length}):`);
    for (const s of report.skipped)
      lines.push(`  ${s.collection} ${s.id}: ${s.reason} — ${s.detail}`);
  }
  if (report.fileProblems.length) {
    lines.push('', `Rows imported without a file (${report.fileProblems.length}):`);
    for (const f of report.fileProblems)
      lines.push(`  ${f.collection} ${f.id} ${f.field}: ${f.reason} — ${f.detail}`);
  }
  const ignored = Object.entries(report.ignored);
  if (ignored.length) {
    lines.push('', 'Not read:');
    for (const [name, why] of ignored) lines.push(`  ${name}: ${why}`);
  }
  if (report.resetMails.requested)
    lines.push(
      '',
      `Password reset mails: ${report.resetMails.sent} sent, ${report.resetMails.failed} failed.`,
    );
  return lines.join('\n');
}
