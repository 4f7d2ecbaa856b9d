/**
 * The reader overlay of a volume's issue or a sequence's issue.
 * Interface fixed for the media landing; the reader work fills it in.
 */
export interface IssueReaderProps {
  issueId: string;
  onClose: () => void;
  /** The user moved to another issue (the end of this one, next/previous): the address follows. */
  onIssueChange: (issueId: string) => void;
}

export function IssueReader(_props: IssueReaderProps) {
  return null;
}
