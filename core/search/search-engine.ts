/**
 * Search and suggestions over products, pages and glossary terms, each in its own index; built
 * once at start-up from the catalogue served, never touching the database.
 */
import type { Product } from "../catalog/product.ts";
import { productPagePath, type ShopProduct } from "../catalog/shop-product.ts";
import {
  markCode,
  markMatches,
  prepareText,
  snippet,
  type MarkRange,
  type PreparedText,
} from "./highlight.ts";
import {
  inPriceRange,
  PRICE_BANDS,
  SEARCH_CATEGORIES,
  type SearchRequest,
} from "./search-query.ts";
import {
  MAX_GLOSSARY_RESULTS,
  MAX_PAGE_RESULTS,
  MAX_PRODUCT_RESULTS,
  MAX_SUGGESTIONS,
  MIN_SUGGESTION_LENGTH,
  type PageHit,
  type ProductHit,
  type SearchMatch,
  type SearchResponse,
  type Suggestion,
  type SuggestionsResponse,
} from "./search-response.ts";
import { foldForSearch, wordsOf } from "./search-text.ts";
import {
  isTypoRank,
  TextIndex,
  TIER,
  TYPO,
  type IndexedField,
  type Matches,
} from "./text-index.ts";
import { best, inverse, topRanked } from "./top-ranked.ts";
import { bestOfGroups, variantGroups } from "./variant-groups.ts";

/** A searchable document: an information page, or one glossary term. */
export interface PageDocument {
  kind: "page" | "glossary";
  title: string;
  path: string;
  /** The words shown on the page (plain text); a glossary term's definition. */
  text: string;
}

export interface SearchEngine {
  /** The answer to a valid query (SPEC §5 and beyond), for /search and GET /api/search. */
  results(request: SearchRequest): SearchResponse;
  /** Up to eight products, pages and terms for what has been typed so far. */
  suggest(q: string): SuggestionsResponse;
}

type ProductField =
  "name" | "sku" | "isbn" | "type" | "genre" | "publisher" | "category" | "description";

const PRODUCT_FIELDS: readonly (IndexedField<Product> & { name: ProductField; label: string })[] = [
  { name: "name", label: "Name", role: "title", read: (product) => product.name },
  { name: "sku", label: "SKU", role: "code", read: (product) => product.sku },
  { name: "isbn", label: "ISBN", role: "code", read: (product) => product.isbn },
  { name: "type", label: "Type", role: "kind", read: (product) => product.type },
  { name: "genre", label: "Genre", role: "kind", read: (product) => product.genre },
  { name: "publisher", label: "Publisher", role: "kind", read: (product) => product.publisher },
  { name: "category", label: "Category", role: "kind", read: (product) => product.category },
  {
    name: "description",
    label: "Description",
    role: "text",
    read: (product) => product.description,
  },
];

const TIER_OF_ROLE = { title: TIER.title, code: TIER.code, kind: TIER.kind, text: TIER.text };

const PAGE_FIELDS: readonly IndexedField<PageDocument>[] = [
  { name: "title", role: "title", read: (document) => document.title },
  { name: "text", role: "text", read: (document) => document.text },
];

class DocumentSearch {
  readonly index: TextIndex<PageDocument>;
  private readonly byTitle: Int32Array;
  private readonly prepared = new Map<number, { title: PreparedText; text: PreparedText }>();

  private preparedOf(document: number) {
    let prepared = this.prepared.get(document);
    if (!prepared) {
      const page = this.documents[document] as PageDocument;
      prepared = { title: prepareText(page.title), text: prepareText(page.text) };
      this.prepared.set(document, prepared);
    }
    return prepared;
  }

  constructor(readonly documents: readonly PageDocument[]) {
    this.index = new TextIndex(documents, PAGE_FIELDS);
    this.byTitle = inverse(this.index.titleOrder);
  }

  search(q: string, limit: number): { hits: PageHit[]; more: boolean; partial: boolean } {
    const matches = this.index.match(q, { contains: true });
    const { top, count } = topRanked(matches, this.index.titleOrder, this.byTitle, limit);
    const hits = top.map(({ document, rank }) => {
      const page = this.documents[document] as PageDocument;
      const prepared = this.preparedOf(document);
      const text = snippet(
        page.text,
        markMatches(page.text, matches.phrase, matches.words, prepared.text),
      );
      return {
        kind: page.kind,
        title: page.title,
        titleMarks: markMatches(page.title, matches.phrase, matches.words, prepared.title),
        path: page.path,
        snippet: text.text,
        snippetMarks: text.marks,
        typo: isTypoRank(rank),
      };
    });
    return { hits, more: count > limit, partial: matches.partial };
  }

  suggest(q: string, limit: number): Suggestion[] {
    const matches = this.index.match(q, { contains: false, roles: ["title"] });
    return best(matches, this.index.titleOrder, limit).map((document) => {
      const page = this.documents[document] as PageDocument;
      return { kind: page.kind, title: page.title, path: page.path };
    });
  }
}

/** Whether some section found what holds every word: else a close spelling is offered. */
function foundEveryWord(
  ...sections: ({ hits: readonly unknown[]; partial: boolean } | undefined)[]
) {
  return sections.some((section) => section && section.hits.length > 0 && !section.partial);
}

const CHEAPEST = new Set(["cheap", "cheaper", "cheapest", "lowest", "inexpensive", "budget"]);

export function createSearchEngine(
  products: readonly ShopProduct[],
  pages: readonly PageDocument[],
): SearchEngine {
  const productIndex = new TextIndex(products, PRODUCT_FIELDS);
  const productsByTitle = inverse(productIndex.titleOrder);
  const groups = variantGroups(products);
  // Per product: its size and colour as search words ("l", "sand"), and its place by price.
  const variantWords = products.map((product) =>
    [product.size, product.color].flatMap((value) => (value ? [foldForSearch(value)] : [])),
  );
  const priceOrder = inverse(
    Int32Array.from(products.map((_, index) => index)).sort(
      (a, b) =>
        products[a]!.priceCents - products[b]!.priceCents ||
        productIndex.titleOrder[a]! - productIndex.titleOrder[b]!,
    ),
  );
  const productsByPrice = inverse(priceOrder);
  // Per product: price, place in SEARCH_CATEGORIES (its length if other), a bit per price band.
  const prices = Float64Array.from(products, (product) => product.priceCents);
  const categoryOf = Uint8Array.from(products, (product) => {
    const index = SEARCH_CATEGORIES.findIndex(
      (option) => option.value === product.category.toLowerCase(),
    );
    return index === -1 ? SEARCH_CATEGORIES.length : index;
  });
  const bandsOf = Uint8Array.from(products, (product) =>
    PRICE_BANDS.reduce(
      (bits, band, index) => bits | (inPriceRange(product.priceCents, band) ? 1 << index : 0),
      0,
    ),
  );
  const pageSearch = new DocumentSearch(pages.filter((page) => page.kind === "page"));
  const glossarySearch = new DocumentSearch(pages.filter((page) => page.kind === "glossary"));

  /** The field that shows where a product matched: the one of its rank, else any that did. */
  function whereMatched(product: Product, rank: number, matches: Matches): SearchMatch {
    const tier = rank % TYPO;
    const ordered = [...PRODUCT_FIELDS].sort(
      (a, b) =>
        Number(TIER_OF_ROLE[b.role] === tier || (tier === TIER.phrase && b.role === "title")) -
        Number(TIER_OF_ROLE[a.role] === tier || (tier === TIER.phrase && a.role === "title")),
    );
    for (const field of ordered) {
      const value = field.read(product);
      if (!value) continue;
      const marks: MarkRange[] =
        field.role === "code"
          ? markCode(value, matches.words)
          : markMatches(value, matches.phrase, matches.words);
      if (marks.length === 0) continue;
      const shown = field.role === "text" ? snippet(value, marks) : { text: value, marks };
      return { field: field.name, label: field.label, ...shown, typo: isTypoRank(rank) };
    }
    return { field: "name", label: "Name", text: product.name, marks: [], typo: isTypoRank(rank) };
  }

  function searchProducts(request: SearchRequest) {
    const matches = productIndex.match(request.q, { contains: true });
    const categoryCounts = new Uint32Array(SEARCH_CATEGORIES.length + 1);
    const priceCounts = new Uint32Array(PRICE_BANDS.length);
    const wanted = SEARCH_CATEGORIES.findIndex((option) => option.value === request.category);
    const anyPrice = request.min === undefined && request.max === undefined;
    const format = request.format?.trim().toLowerCase();
    const asked = new Set(wordsOf(foldForSearch(request.q)).map((word) => word.text));
    const shown = bestOfGroups(groups, matches, productIndex.titleOrder, (document) =>
      (variantWords[document] ?? []).some((value) => asked.has(value)),
    );
    const byPrice = [...asked].some((word) => CHEAPEST.has(word));
    const keep = (document: number) => {
      if (shown[document] === 0) return false;
      if (format && (products[document] as ShopProduct).type.toLowerCase() !== format) return false;
      const category = categoryOf[document] as number;
      const inCategory = wanted === -1 || category === wanted;
      const inPrice = anyPrice || inPriceRange(prices[document] as number, request);
      if (inPrice) categoryCounts[category] = (categoryCounts[category] as number) + 1;
      if (inCategory) {
        const bands = bandsOf[document] as number;
        for (let band = 0; band < PRICE_BANDS.length; band += 1) {
          if (bands & (1 << band)) priceCounts[band] = (priceCounts[band] as number) + 1;
        }
      }
      return inCategory && inPrice;
    };
    const { top, count } = topRanked(
      matches,
      byPrice ? priceOrder : productIndex.titleOrder,
      byPrice ? productsByPrice : productsByTitle,
      MAX_PRODUCT_RESULTS,
      keep,
    );
    const hits: ProductHit[] = top.map(({ document, rank }) => {
      const product = products[document] as ShopProduct;
      return { ...product, match: whereMatched(product, rank, matches) };
    });
    return {
      hits,
      count,
      partial: matches.partial,
      facets: {
        categories: SEARCH_CATEGORIES.map((option, index) => ({
          ...option,
          count: categoryCounts[index] ?? 0,
        })),
        prices: PRICE_BANDS.map((band, index) => ({ ...band, count: priceCounts[index] ?? 0 })),
      },
    };
  }

  function results(request: SearchRequest): SearchResponse {
    const { q, scope } = request;
    const shop = scope !== "page";
    const site = scope !== "shop";
    const found = shop ? searchProducts(request) : undefined;
    const pageHits = site
      ? pageSearch.search(q, MAX_PAGE_RESULTS)
      : { hits: [], more: false, partial: false };
    const glossaryHits = site
      ? glossarySearch.search(q, MAX_GLOSSARY_RESULTS)
      : { hits: [], more: false, partial: false };
    const response: SearchResponse = {
      query: q,
      scope,
      filters: {
        ...(request.category ? { category: request.category } : {}),
        ...(request.min !== undefined ? { min: request.min } : {}),
        ...(request.max !== undefined ? { max: request.max } : {}),
      },
      products: found?.hits ?? [],
      productCount: found?.count ?? 0,
      moreProducts: (found?.count ?? 0) > MAX_PRODUCT_RESULTS,
      pages: pageHits.hits,
      morePages: pageHits.more,
      glossary: glossaryHits.hits,
      moreGlossary: glossaryHits.more,
      facets: found?.facets ?? { categories: [], prices: [] },
    };
    if (!foundEveryWord(found, pageHits, glossaryHits)) {
      const correction = correct(request);
      if (correction) response.didYouMean = correction;
    }
    return response;
  }

  /** A spelling of the query built from the closest words the searched indexes hold. */
  function correct(request: SearchRequest): string | undefined {
    const indexes = [
      ...(request.scope !== "page" ? [productIndex] : []),
      ...(request.scope !== "shop" ? [pageSearch.index, glossarySearch.index] : []),
    ];
    const words = wordsOf(foldForSearch(request.q)).map((word) => word.text);
    const nearest = indexes.map((index) => index.nearWords(request.q));
    let changed = false;
    const corrected = words.map((word, position) => {
      const candidates = nearest.flatMap((list) => (list[position] ? [list[position]] : []));
      const chosen = candidates.sort(
        (a, b) => a.distance - b.distance || b.documents - a.documents,
      )[0];
      if (!chosen) return word;
      changed = true;
      return chosen.word;
    });
    if (!changed) return undefined;
    const q = corrected.join(" ");
    const shop = request.scope !== "page" ? searchProducts({ ...request, q }) : undefined;
    const site = request.scope !== "shop";
    const pages = site ? pageSearch.search(q, 1) : undefined;
    const glossary = site ? glossarySearch.search(q, 1) : undefined;
    return foundEveryWord(shop, pages, glossary) ? q : undefined;
  }

  return {
    results,
    suggest(typed) {
      const q = typed.trim();
      if (q.length < MIN_SUGGESTION_LENGTH) return { query: q, suggestions: [] };
      const productMatches = productIndex.match(q, { contains: false, roles: ["title", "code"] });
      const once = bestOfGroups(groups, productMatches, productIndex.titleOrder);
      // A product is suggested for its name or code; the results page shows the rest.
      const productSuggestions = best(
        productMatches,
        productIndex.titleOrder,
        MAX_SUGGESTIONS * 3,
        TIER.code,
      )
        .filter((document) => once[document] === 1)
        .slice(0, MAX_SUGGESTIONS)
        .map((document): Suggestion => {
          const product = products[document] as ShopProduct;
          return {
            kind: "product",
            // Editions share a name: the type tells the paperback from the eBook.
            title: `${product.name} (${product.type})`,
            path: productPagePath(product),
            priceCents: product.priceCents,
          };
        });
      const pageSuggestions = pageSearch.suggest(q, MAX_SUGGESTIONS);
      const termSuggestions = glossarySearch.suggest(q, MAX_SUGGESTIONS);
      // Up to four products, two pages and two terms; a short list lends its places on.
      const quotas = [4, 2, 2];
      const lists = [productSuggestions, pageSuggestions, termSuggestions];
      const taken = lists.map((list, index) => Math.min(list.length, quotas[index] as number));
      let spare = MAX_SUGGESTIONS - taken.reduce((sum, count) => sum + count, 0);
      lists.forEach((list, index) => {
        const extra = Math.min(spare, list.length - (taken[index] as number));
        taken[index] = (taken[index] as number) + extra;
        spare -= extra;
      });
      return {
        query: q,
        suggestions: lists.flatMap((list, index) => list.slice(0, taken[index])),
      };
    },
  };
}
