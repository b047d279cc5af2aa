/** SPEC §5 and §9: the contact message limit, in characters. */
export const CONTACT_MESSAGE_MAX_LENGTH = 1000;

/** A honeypot: people never see it; a submission with it filled is answered as sent and dropped. */
export const CONTACT_HONEYPOT_FIELD = "company";

export type ContactField = "email" | "message";
