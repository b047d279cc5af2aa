import type { ReactNode } from "react";
import { Form } from "react-router";
import styles from "#app/components/forms.module.css";
import { isFailure } from "#app/lib/forms.ts";
import { failureReason, linkRefused, type LinkAnswer } from "./link-answer.ts";
import { LinkFeedback, MISSING_LINK } from "./link-feedback.tsx";
import { LINK_TOKEN_FIELD, useLinkToken } from "./use-link-token.ts";

interface Props<Result> {
  /** The page's own path: the form posts there, without the query that held the secret. */
  action: string;
  /** The page's action's answer, once the button was pressed. */
  answer: LinkAnswer<Result> | undefined;
  sending: boolean;
  /** What pressing the button does. */
  intro: ReactNode;
  /** The button's text ("Verify my e-mail"). */
  button: string;
  /** Said while the press is on its way ("Verifying…"). */
  working: string;
  /** What failed, when the server could not do it ("Failed to verify your e-mail address."). */
  failed: string;
  /** What the page says once the link has been followed. */
  done: (result: Result) => { status: ReactNode; more: ReactNode };
  /** What to do instead when the link is missing or no longer valid. */
  instead: ReactNode;
}

/**
 * The page an e-mailed link opens: one button whose form posts the link's secret (a hidden
 * field) to the page's action. Opening the page does nothing, so a mail scanner fetching the
 * link changes nothing; without JavaScript the press is a plain POST (decision 021).
 */
export function LinkForm<Result>({
  action,
  answer,
  sending,
  intro,
  button,
  working,
  failed,
  done,
  instead,
}: Props<Result>) {
  const link = useLinkToken();
  const failure = isFailure(answer) ? answer : undefined;
  const token = failure?.token ?? link.token;

  let status: ReactNode = sending ? working : null;
  let alert: ReactNode = null;
  let more: ReactNode;
  if (answer && "followed" in answer) {
    ({ status, more } = done(answer.followed));
  } else if (linkRefused(failure) || (link.read && token === null)) {
    alert = failure?.fields.token ?? MISSING_LINK;
    more = instead;
  } else {
    if (failure) {
      alert = (
        <>
          {failed}
          <br />
          {failureReason(failure)}
        </>
      );
    }
    more = (
      <Form method="post" action={action} className={styles.form} aria-busy={sending}>
        {intro}
        {/* Filled by the page script from an old link's `#token=` when pressed early. */}
        <input type="hidden" name={LINK_TOKEN_FIELD} value={token ?? ""} data-link-token="" />
        <div className={styles.actions}>
          <button type="submit" className={styles.primary} disabled={sending}>
            {button}
          </button>
        </div>
      </Form>
    );
  }

  return (
    <>
      <LinkFeedback status={status} alert={alert} answer={answer} />
      {more}
    </>
  );
}
