// Every content page (content/pages/*.mdx) exports its title and description.
declare module "*.mdx" {
  export const meta: { title: string; description: string };
}

// build-plugins/inline-script.ts: the module bundled into one minified script.
declare module "*?inline-script" {
  const code: string;
  export default code;
}
