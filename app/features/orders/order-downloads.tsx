import { Form, useNavigation } from "react-router";
import { downloadTitle } from "#core/orders/delivery.ts";
import { formatTime } from "#core/format.ts";
import type { DownloadLink, OrderView } from "#core/orders/order.ts";
import formStyles from "#app/components/forms.module.css";
import { StoredField } from "#app/components/stored-field.tsx";
import { paths } from "#app/paths.ts";
import styles from "./orders.module.css";

const NOTICES: Record<string, string> = {
  expired: "That download link has expired. Press “Get a fresh link” beside the file below.",
  used_up:
    "That download link has been used as often as it allows. Please contact us and we will reset it.",
  revoked: "This order's downloads are closed: it is not paid yet, or it was cancelled.",
  file_missing: "That file is being replaced just now. Please try again later, or contact us.",
};

export function downloadNotice(reason: string | null): string | undefined {
  return reason ? NOTICES[reason] : undefined;
}

export function OrderDownloads({ order, notice }: { order: OrderView; notice?: string }) {
  const digital = order.lines.filter((line) => line.digital);
  if (digital.length === 0) return null;
  return (
    <section aria-labelledby="downloads-title" className={styles.downloads}>
      <h2 id="downloads-title">Your downloads</h2>
      {notice ? (
        <p role="alert" className={styles.failure}>
          {notice}
        </p>
      ) : null}
      <DownloadsBody order={order} />
    </section>
  );
}

function DownloadsBody({ order }: { order: OrderView }) {
  if (order.status === "cancelled") {
    return <p>This order is cancelled, so its download links no longer work.</p>;
  }
  if (order.status === "awaiting_payment") {
    return (
      <p>
        Your eBooks are delivered by download: the links appear here, and come by e-mail, as soon as
        your payment arrives.
      </p>
    );
  }
  if (order.downloads.length === 0) {
    return (
      <p>
        Your eBooks&apos; files are being prepared: we e-mail you the links as soon as they are
        ready, and they appear here.
      </p>
    );
  }
  const limit = order.downloads[0]?.limit ?? 0;
  return (
    <>
      <p>
        Each link works {limit} times until the date beside it. Links are yours alone: they open
        only with this order&apos;s own address.
      </p>
      <ul className={styles.downloadList}>
        {order.downloads.map((download) => (
          <li key={download.id}>
            <DownloadItem download={download} />
          </li>
        ))}
      </ul>
    </>
  );
}

function DownloadItem({ download }: { download: DownloadLink }) {
  const title = downloadTitle(download);
  const until = <time dateTime={download.expiresAt}>{formatTime(download.expiresAt)}</time>;
  if (download.state === "used_up") {
    return (
      <>
        <span>{title}</span>
        <span className={styles.muted}>
          {" "}
          · downloaded {download.downloads} of {download.limit} times, the limit.{" "}
          <a href={paths.contactUs}>Contact us</a> and we will reset it.
        </span>
      </>
    );
  }
  return (
    <div className={styles.renew}>
      {download.state === "ready" ? (
        <>
          <a href={download.url} download>
            Download {title}
          </a>
          <span className={styles.muted}>
            downloaded {download.downloads} of {download.limit} times · works until {until}
          </span>
        </>
      ) : (
        <>
          <span>{title}</span>
          <span className={styles.muted}>its link expired on {until}</span>
        </>
      )}
      <RenewForm id={download.id} title={title} />
    </div>
  );
}

/** A plain form, so it works before the page's JavaScript. */
function RenewForm({ id, title }: { id: number; title: string }) {
  const navigation = useNavigation();
  const renewing =
    navigation.state === "submitting" && navigation.formData?.get("download") === String(id);
  return (
    <Form method="post" aria-label={`Fresh link for ${title}`}>
      <StoredField stored="authToken" />
      <input type="hidden" name="download" value={id} />
      <button
        type="submit"
        name="intent"
        value="renew"
        className={formStyles.secondary}
        disabled={renewing}
      >
        {renewing ? "Making a fresh link…" : "Get a fresh link"}{" "}
        <span className="visually-hidden">for {title}</span>
      </button>
    </Form>
  );
}
