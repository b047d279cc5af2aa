import Content, { meta as page } from "~content/pages/media.mdx";
import { ContentPage, contentMeta } from "~/components/content-page";
import { paths } from "~/paths";

export const meta = contentMeta(page, paths.media);

export default function Media() {
  return <ContentPage Content={Content} />;
}
