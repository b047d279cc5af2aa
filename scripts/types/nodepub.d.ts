// nodepub ships no types; these are the calls scripts/sample-ebooks.ts makes.
declare module "nodepub" {
  interface Metadata {
    epubVersion: 2 | 3;
    id: string;
    cover: string;
    title: string;
    author: string;
    publisher?: string;
    language?: string;
    published?: string;
    description?: string;
    genre?: string;
    copyright?: string;
    showContents?: boolean;
    addInternalCover?: boolean;
  }
  interface Document {
    addSection(title: string, content: string, excludeFromContents?: boolean): void;
    writeEPUB(folder: string, filename: string): Promise<void>;
  }
  const nodepub: { document(metadata: Metadata): Document };
  export default nodepub;
}
