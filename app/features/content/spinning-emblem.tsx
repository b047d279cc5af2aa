import styles from "./spinning-emblem.module.css";

export function SpinningEmblem() {
  return (
    <div className={styles.wrap}>
      <img
        className={styles.emblem}
        src="/media/kybernetes-mark.svg"
        alt="The Cytheseus emblem: the Kybernetes helm"
        width="192"
        height="192"
      />
    </div>
  );
}
