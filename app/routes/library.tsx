import Content, { meta as page } from "~content/pages/library.mdx";
import { ContentPage, contentMeta } from "~/components/content-page";
import { paths } from "~/paths";

export const meta = contentMeta(page, paths.library);

export default function Library() {
  return <ContentPage Content={Content} />;
}
