import { siteConfig } from "../site-config.ts";

/** The Purchase and Refund Policy's promise; the e-mails quote the same words (issue 38). */
export const REFUND_TIME = "7–10 business days";

export const REFUND_ACCOUNT_REQUEST = `We pay refunds of bank transfers into an account you nominate in writing: please e-mail ${siteConfig.supportEmail} with the account name, BSB and account number.`;

export const refundPromise = (amount: string) =>
  `We will refund ${amount} within ${REFUND_TIME}. ${REFUND_ACCOUNT_REQUEST}`;
