import Content, { meta as page } from "~content/pages/history.mdx";
import { ContentPage, contentMeta } from "~/components/content-page";
import { paths } from "~/paths";

export const meta = contentMeta(page, paths.history);

export default function History() {
  return <ContentPage Content={Content} />;
}
