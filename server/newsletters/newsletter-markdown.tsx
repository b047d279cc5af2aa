import { Heading, Hr, Img, Link, Section, Text } from "@react-email/components";
import type { Nodes, Paragraph, PhrasingContent, RootContent } from "mdast";
import { fromMarkdown } from "mdast-util-from-markdown";
import type { ReactNode } from "react";
import { PRODUCT_CARD_PATTERN } from "#core/admin/newsletter-schemas.ts";
import { sharingPicturePath } from "#core/catalog/pictures.ts";
import { productPagePath, type ShopProduct } from "#core/catalog/shop-product.ts";
import { formatMoney } from "#core/format.ts";

export type FindProduct = (slug: string) => ShopProduct | undefined;

export interface MarkdownOptions {
  siteUrl: string;
  findProduct: FindProduct;
}

const colours = { text: "#1d232b", muted: "#4a5361", link: "#0b5cad", rule: "#d4d9e0" };

/** The shop's own pages and pictures, made absolute; anything else on the web as it is. */
function safeHref(url: string, siteUrl: string): string | undefined {
  if (/^\/(?![/\\])/.test(url)) return `${siteUrl}${url}`;
  if (/^(https?:\/\/|mailto:)/i.test(url)) return url;
  return undefined;
}

/** Only the catalogue's pictures and the site's artwork: a newsletter shows what the shop serves. */
function safePicture(url: string, siteUrl: string): string | undefined {
  return /^\/(pictures|images)\/[\w./-]+$/.test(url) && !url.includes("..")
    ? `${siteUrl}${url}`
    : undefined;
}

function productSlugOf(paragraph: Paragraph): string | undefined {
  if (!paragraph.children.every((child) => child.type === "text")) return undefined;
  const text = paragraph.children.map((child) => ("value" in child ? child.value : "")).join("");
  return PRODUCT_CARD_PATTERN.exec(text.trim())?.[1]?.toLowerCase();
}

export function productSlugsIn(markdown: string): string[] {
  const slugs = new Set<string>();
  const visit = (node: Nodes) => {
    if (node.type === "paragraph") {
      const slug = productSlugOf(node);
      if (slug) slugs.add(slug);
      return;
    }
    if ("children" in node) for (const child of node.children) visit(child);
  };
  visit(fromMarkdown(markdown));
  return [...slugs];
}

function plainText(node: Nodes): string {
  if ("value" in node) return node.value;
  if (node.type === "image") return node.alt ?? "";
  if (node.type === "break") return "\n";
  if ("children" in node) return node.children.map(plainText).join("");
  return "";
}

function productName(product: ShopProduct): string {
  return product.variant ? `${product.name} (${product.variant})` : product.name;
}

function ProductCard({ product, siteUrl }: { product: ShopProduct; siteUrl: string }) {
  const href = `${siteUrl}${productPagePath(product)}`;
  return (
    <Section
      style={{
        border: `1px solid ${colours.rule}`,
        borderRadius: "8px",
        margin: "16px 0",
        padding: "16px",
      }}
    >
      <Link href={href}>
        <Img
          src={`${siteUrl}${sharingPicturePath(product)}`}
          alt={productName(product)}
          width="100%"
          style={{ maxWidth: "536px", height: "auto", borderRadius: "4px" }}
        />
      </Link>
      <Text style={{ fontSize: "18px", fontWeight: 700, margin: "12px 0 4px" }}>
        {productName(product)}
      </Text>
      <Text style={{ fontSize: "16px", margin: "0 0 12px" }}>
        {`${formatMoney(product.priceCents)} (GST included)`}
      </Text>
      <Link
        href={href}
        style={{
          background: colours.link,
          borderRadius: "4px",
          color: "#ffffff",
          display: "inline-block",
          fontWeight: 700,
          padding: "10px 16px",
          textDecoration: "none",
        }}
      >
        See it in the shop
      </Link>
    </Section>
  );
}

function inline(nodes: readonly PhrasingContent[], options: MarkdownOptions): ReactNode[] {
  return nodes.map((node, index) => {
    switch (node.type) {
      case "text":
        return node.value;
      case "strong":
        return <strong key={index}>{inline(node.children, options)}</strong>;
      case "emphasis":
        return <em key={index}>{inline(node.children, options)}</em>;
      case "delete":
        return <s key={index}>{inline(node.children, options)}</s>;
      case "inlineCode":
        return <code key={index}>{node.value}</code>;
      case "break":
        return <br key={index} />;
      case "link": {
        const href = safeHref(node.url, options.siteUrl);
        const label = inline(node.children, options);
        return href ? (
          <Link
            key={index}
            href={href}
            style={{ color: colours.link, textDecoration: "underline" }}
          >
            {label}
          </Link>
        ) : (
          <span key={index}>{label}</span>
        );
      }
      case "image": {
        const src = safePicture(node.url, options.siteUrl);
        return src ? (
          <Img
            key={index}
            src={src}
            alt={node.alt ?? ""}
            width="100%"
            style={{ maxWidth: "568px", height: "auto" }}
          />
        ) : (
          (node.alt ?? "")
        );
      }
      // Raw HTML is shown as the text it is, never as markup.
      default:
        return plainText(node);
    }
  });
}

function block(node: RootContent, index: number, options: MarkdownOptions): ReactNode {
  const textStyle = { color: colours.text, fontSize: "16px", lineHeight: "1.6" };
  switch (node.type) {
    case "paragraph": {
      const slug = productSlugOf(node);
      if (slug) {
        const product = options.findProduct(slug);
        return product ? (
          <ProductCard key={index} product={product} siteUrl={options.siteUrl} />
        ) : null;
      }
      return (
        <Text key={index} style={textStyle}>
          {inline(node.children, options)}
        </Text>
      );
    }
    case "heading": {
      const level = Math.min(Math.max(node.depth + 1, 2), 4) as 2 | 3 | 4;
      return (
        <Heading key={index} as={`h${level}`} style={{ color: colours.text }}>
          {inline(node.children, options)}
        </Heading>
      );
    }
    case "thematicBreak":
      return <Hr key={index} style={{ borderColor: colours.rule }} />;
    case "blockquote":
      return (
        <Section
          key={index}
          style={{ borderLeft: `4px solid ${colours.rule}`, paddingLeft: "12px" }}
        >
          {node.children.map((child, at) => block(child, at, options))}
        </Section>
      );
    case "list": {
      const items = node.children.map((item, at) => (
        <li key={at} style={textStyle}>
          {item.children.map((child, inner) =>
            child.type === "paragraph"
              ? inline(child.children, options)
              : block(child, inner, options),
          )}
        </li>
      ));
      return node.ordered ? <ol key={index}>{items}</ol> : <ul key={index}>{items}</ul>;
    }
    case "code":
      return (
        <pre key={index} style={{ whiteSpace: "pre-wrap", fontSize: "14px" }}>
          {node.value}
        </pre>
      );
    case "definition":
      return null;
    default:
      return (
        <Text key={index} style={textStyle}>
          {plainText(node)}
        </Text>
      );
  }
}

export function markdownToEmail(markdown: string, options: MarkdownOptions): ReactNode[] {
  return fromMarkdown(markdown).children.map((node, index) => block(node, index, options));
}

function textBlock(node: RootContent, options: MarkdownOptions): string {
  switch (node.type) {
    case "paragraph": {
      const slug = productSlugOf(node);
      if (slug) {
        const product = options.findProduct(slug);
        if (!product) return "";
        return [
          productName(product),
          `${formatMoney(product.priceCents)} (GST included)`,
          `${options.siteUrl}${productPagePath(product)}`,
        ].join("\n");
      }
      return textInline(node.children, options);
    }
    case "heading": {
      const title = textInline(node.children, options);
      return `${title}\n${"-".repeat(Math.min(title.length, 60))}`;
    }
    case "thematicBreak":
      return "----------";
    case "blockquote":
      return node.children
        .map((child) => textBlock(child, options))
        .join("\n\n")
        .replace(/^/gm, "> ");
    case "list":
      return node.children
        .map((item, at) => {
          const mark = node.ordered ? `${(node.start ?? 1) + at}. ` : "- ";
          return mark + item.children.map((child) => textBlock(child, options)).join("\n");
        })
        .join("\n");
    case "definition":
      return "";
    default:
      return plainText(node);
  }
}

function textInline(nodes: readonly PhrasingContent[], options: MarkdownOptions): string {
  return nodes
    .map((node) => {
      if (node.type === "link") {
        const label = textInline(node.children, options);
        const href = safeHref(node.url, options.siteUrl);
        return href && href !== label ? `${label} (${href})` : label;
      }
      if (node.type === "image") return node.alt ? `[${node.alt}]` : "";
      if ("children" in node) return textInline(node.children, options);
      return plainText(node);
    })
    .join("");
}

export function markdownToText(markdown: string, options: MarkdownOptions): string {
  return fromMarkdown(markdown)
    .children.map((node) => textBlock(node, options))
    .filter((part) => part !== "")
    .join("\n\n");
}
