// Every content page (content/pages/*.mdx) exports its title and description.
declare module "*.mdx" {
  export const meta: { title: string; description: string };
}
