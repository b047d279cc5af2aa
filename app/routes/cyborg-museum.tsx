import Content, { meta as page } from "~content/pages/cyborg-museum.mdx";
import { ContentPage, contentMeta } from "~/components/content-page";
import { paths } from "~/paths";

export const meta = contentMeta(page, paths.cyborgMuseum);

export default function CyborgMuseum() {
  return <ContentPage Content={Content} />;
}
