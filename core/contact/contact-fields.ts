/** SPEC §5 and §9: the contact message limit, in characters. */
export const CONTACT_MESSAGE_MAX_LENGTH = 1000;

/**
 * The name of the hidden honeypot field. People never see it; form-filling bots do, and a
 * submission with it filled is answered as a success and thrown away.
 */
export const CONTACT_HONEYPOT_FIELD = "company";

/** The fields a visitor fills in, in the order they appear. */
export type ContactField = "email" | "message";
