/** Apart from the schemas, so pricing in the browser needs no validation library. */
export const ORDER_LIMITS = { quantityMax: 99, linesMax: 50, noteMax: 1000 } as const;
