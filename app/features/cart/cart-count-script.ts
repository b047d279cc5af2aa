/** The accessible name of the header's cart link. */
export function cartLinkLabel(count: number): string {
  return `Cart, ${count} ${count === 1 ? "item" : "items"}`;
}

/**
 * Fills in every cart count on the page (`data-cart-count`: the header's, the shop's side
 * column) from `localStorage.cart` once the body is parsed, before any JavaScript bundle
 * arrives (most pages load theirs only when the visitor acts, docs/decisions/008). It counts
 * exactly as `cartCount(parseCart(raw))` does; the tests hold the two together. React takes
 * over the same elements after hydration.
 */
export const cartCountBootScript = `try{var n=0,c=JSON.parse(localStorage.getItem("cart")||"[]");if(Array.isArray(c))for(var i=0;i<c.length;i++){var e=c[i];if(!e||typeof e!=="object"||Array.isArray(e))continue;var d=e.id;if(!(typeof d==="number"&&isFinite(d))&&!(typeof d==="string"&&/^\\d+$/.test(d)))continue;if(e.type!==undefined&&typeof e.type!=="string")continue;var q=e.quantity;if(q===undefined)q=1;else if(typeof q!=="number"||!isFinite(q))continue;if(q>0)n+=q}if(n)document.querySelectorAll("[data-cart-count]").forEach(function(s){s.textContent=n;var a=s.closest("a");if(a)a.setAttribute("aria-label","Cart, "+n+(n===1?" item":" items"))})}catch(x){}`;
