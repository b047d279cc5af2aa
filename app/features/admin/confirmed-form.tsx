import { useState, type FormEvent, type ReactNode } from "react";
import { useFetcher } from "react-router";
import type { z } from "zod";
import { fieldErrors } from "#core/validation/field-errors.ts";
import { ConfirmDialog } from "#app/components/confirm-dialog.tsx";
import formStyles from "#app/components/forms.module.css";
import type { ActionResult } from "./staff-api.ts";

/** Every change of an order page goes through one fetcher, so the page shows its outcome. */
export const ORDER_ACTION = "order-action";

export type OrderIntent =
  "mark-paid" | "mark-shipped" | "mark-delivered" | "refund" | "cancel" | "note" | "reset-download";

export function useOrderAction() {
  return useFetcher<ActionResult & { intent?: OrderIntent }>({ key: ORDER_ACTION });
}

interface Confirmation {
  title: string;
  text: ReactNode;
  confirmLabel: string;
  destructive?: boolean;
}

interface ConfirmedFormProps {
  intent: OrderIntent;
  title: string;
  version: number;
  schema: z.ZodType;
  submitLabel: string;
  destructive?: boolean;
  confirm: (values: Record<string, string>) => Confirmation;
  children: (errors: Record<string, string>) => ReactNode;
}

/** Checked with the server's schema, confirmed in a dialog saying what will happen, then sent. */
export function ConfirmedForm({
  intent,
  title,
  version,
  schema,
  submitLabel,
  destructive = false,
  confirm,
  children,
}: ConfirmedFormProps) {
  const fetcher = useOrderAction();
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [pending, setPending] = useState<{ form: FormData; ask: Confirmation } | null>(null);
  const busy = fetcher.state !== "idle" && fetcher.formData?.get("intent") === intent;
  const serverFields =
    fetcher.state === "idle" && fetcher.data?.intent === intent && !fetcher.data.ok
      ? fetcher.data.fields
      : {};
  const shown = { ...serverFields, ...errors };

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const values = Object.fromEntries(
      [...form.entries()].map(([key, value]) => [key, String(value)]),
    );
    const parsed = schema.safeParse(values);
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error));
      return;
    }
    setErrors({});
    setPending({ form, ask: confirm(values) });
  }

  return (
    <form method="post" noValidate onSubmit={submit} aria-label={title} aria-busy={busy}>
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="version" value={version} />
      {children(shown)}
      <button
        type="submit"
        className={destructive ? formStyles.danger : formStyles.primary}
        disabled={busy}
      >
        {busy ? "Saving…" : submitLabel}
      </button>
      <ConfirmDialog
        open={pending !== null}
        title={pending?.ask.title ?? title}
        confirmLabel={pending?.ask.confirmLabel ?? submitLabel}
        destructive={pending?.ask.destructive}
        onCancel={() => setPending(null)}
        onConfirm={() => {
          if (pending) void fetcher.submit(pending.form, { method: "post" });
          setPending(null);
        }}
      >
        {pending?.ask.text}
      </ConfirmDialog>
    </form>
  );
}
