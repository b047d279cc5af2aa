/** Stored word for word with each consent record (Spam Act 2003: consent must be provable). */
export const MAILING_LIST_CONSENT_WORDING =
  "Send me occasional e-mails from Kybernetes about new books, tools, courses and events. I can unsubscribe at any time with the link in every e-mail.";
