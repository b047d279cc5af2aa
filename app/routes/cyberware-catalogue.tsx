import Content, { meta as page } from "~content/pages/cyberware-catalogue.mdx";
import { ContentPage, contentMeta } from "~/components/content-page";
import { paths } from "~/paths";

export const meta = contentMeta(page, paths.cyberwareCatalogue);

export default function CyberwareCatalogue() {
  return <ContentPage Content={Content} />;
}
