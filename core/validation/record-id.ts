/** Past it PostgreSQL errors ("out of range"), so it is answered "not found" first (issue 34). */
export const LARGEST_RECORD_ID = 2_147_483_647;

export const isRecordId = (value: number) =>
  Number.isSafeInteger(value) && value >= 1 && value <= LARGEST_RECORD_ID;
