import { useId, useState, type ComponentProps } from "react";
import { Field } from "#app/components/form-field.tsx";
import styles from "./forms.module.css";

type Props = Omit<ComponentProps<typeof Field>, "type" | "id" | "children">;

export function PasswordField(props: Props) {
  const [visible, setVisible] = useState(false);
  const id = useId();
  return (
    <Field {...props} id={id} type={visible ? "text" : "password"}>
      <button
        type="button"
        className={styles.secondary}
        aria-controls={id}
        onClick={() => setVisible((shown) => !shown)}
      >
        {/* Named after its field ("Show current password"), as a page may have two. */}
        {visible ? "Hide" : "Show"}{" "}
        <span className="visually-hidden">{props.label.toLowerCase()}</span>
      </button>
    </Field>
  );
}
