import Content, { meta as page } from "~content/pages/transhuman-rights.mdx";
import { ContentPage, contentMeta } from "~/components/content-page";
import { paths } from "~/paths";

export const meta = contentMeta(page, paths.transhumanRights);

export default function TranshumanRights() {
  return <ContentPage Content={Content} />;
}
