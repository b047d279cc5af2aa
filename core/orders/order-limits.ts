/**
 * Bounds of one order: quantities per line, lines per order, the note's length. Apart from the
 * schemas so that pricing an order in the browser (checkout) needs no validation library.
 */
export const ORDER_LIMITS = { quantityMax: 99, linesMax: 50, noteMax: 1000 } as const;
