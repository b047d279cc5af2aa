import {
  Body,
  Container,
  Head,
  Heading,
  Hr,
  Html,
  Link,
  Preview,
  Section,
  Text,
} from "@react-email/components";
import { render } from "@react-email/render";
import type { NewsletterDraft } from "#core/admin/newsletter-schemas.ts";
import { formatTime } from "#core/format.ts";
import type { MailMessage } from "#core/mail/compose-mail.ts";
import { formatAddress, siteConfig } from "#core/site-config.ts";
import { markdownToEmail, markdownToText, type MarkdownOptions } from "./newsletter-markdown.tsx";

export interface NewsletterRecipient {
  email: string;
  /** When the address joined the list: the e-mail says so (Spam Act 2003, consent). */
  subscribedAt: Date;
  /** The page with the Unsubscribe button, for people. */
  unsubscribePage: string;
  /** What a mail client POSTs `List-Unsubscribe=One-Click` to (RFC 8058). */
  oneClickUrl: string;
}

export const NEWSLETTER_KIND = "newsletter";
export const NEWSLETTER_TEST_KIND = "newsletter_test";

const sender = `${siteConfig.companyName} · ABN ${siteConfig.abn}`;
const contact = `${formatAddress()}, ${siteConfig.address.country} · ${siteConfig.supportEmail} · ${siteConfig.phone.display}`;

function reason(recipient: NewsletterRecipient): string {
  return `You get this because you subscribed to the ${siteConfig.brand} mailing list on ${formatTime(recipient.subscribedAt, "date")}.`;
}

function NewsletterHtml({
  draft,
  recipient,
  options,
}: {
  draft: NewsletterDraft;
  recipient: NewsletterRecipient;
  options: MarkdownOptions;
}) {
  const small = { color: "#4a5361", fontSize: "13px", lineHeight: "1.5", margin: "4px 0" };
  return (
    <Html lang="en-AU">
      <Head>
        <title>{draft.subject}</title>
      </Head>
      {draft.preheader ? <Preview>{draft.preheader}</Preview> : null}
      <Body
        style={{
          backgroundColor: "#f3f5f8",
          fontFamily: "Helvetica, Arial, sans-serif",
          margin: 0,
          padding: "16px 0",
        }}
      >
        <Container
          style={{
            backgroundColor: "#ffffff",
            maxWidth: "600px",
            padding: "16px",
            borderRadius: "8px",
          }}
        >
          <Text style={{ color: "#1d232b", fontSize: "20px", fontWeight: 700, margin: "0 0 8px" }}>
            <Link href={options.siteUrl} style={{ color: "#1d232b", textDecoration: "none" }}>
              {siteConfig.brand}
            </Link>
          </Text>
          <Heading as="h1" style={{ color: "#1d232b", fontSize: "26px" }}>
            {draft.subject}
          </Heading>
          {markdownToEmail(draft.body, options)}
          <Hr style={{ borderColor: "#d4d9e0", margin: "24px 0 12px" }} />
          <Section>
            <Text style={small}>{reason(recipient)}</Text>
            <Text style={small}>
              <Link
                href={recipient.unsubscribePage}
                style={{ color: "#0b5cad", textDecoration: "underline" }}
              >
                Unsubscribe
              </Link>{" "}
              with one click, no login needed; it takes effect at once.
            </Text>
            <Text style={small}>{sender}</Text>
            <Text style={small}>{contact}</Text>
          </Section>
        </Container>
      </Body>
    </Html>
  );
}

export function newsletterText(
  draft: NewsletterDraft,
  recipient: NewsletterRecipient,
  options: MarkdownOptions,
): string {
  return [
    draft.subject,
    "=".repeat(Math.min(draft.subject.length, 60)),
    "",
    markdownToText(draft.body, options),
    "",
    "----------",
    reason(recipient),
    `Unsubscribe with one click, no login needed: ${recipient.unsubscribePage}`,
    "",
    sender,
    contact,
    "",
  ].join("\n");
}

export async function newsletterEmail(
  draft: NewsletterDraft,
  recipient: NewsletterRecipient,
  options: MarkdownOptions & { test?: boolean },
): Promise<MailMessage> {
  const html = await render(
    <NewsletterHtml draft={draft} recipient={recipient} options={options} />,
  );
  return {
    kind: options.test ? NEWSLETTER_TEST_KIND : NEWSLETTER_KIND,
    to: recipient.email,
    subject: options.test ? `[Test] ${draft.subject}` : draft.subject,
    text: newsletterText(draft, recipient, options),
    html,
    headers: {
      "List-Unsubscribe": `<${recipient.oneClickUrl}>`,
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    },
  };
}
