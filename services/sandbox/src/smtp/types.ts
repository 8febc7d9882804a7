export interface CaughtAttachment {
  filename: string | null;
  contentType: string;
  size: number;
  /** Base64, so the control API can hand the file back without a second store. */
  content: string;
}

export interface CaughtMail {
  id: string;
  receivedAt: string;
  envelope: { from: string | null; to: string[] };
  authUser: string | null;
  secure: boolean;
  from: string | null;
  to: string[];
  cc: string[];
  bcc: string[];
  subject: string;
  text: string;
  html: string | null;
  messageId: string | null;
  attachments: CaughtAttachment[];
}
