import Content, { meta as page } from "~content/pages/cytheseus.mdx";
import { ContentPage, contentMeta } from "~/components/content-page";
import { paths } from "~/paths";

export const meta = contentMeta(page, paths.cytheseus);

export default function Cytheseus() {
  return <ContentPage Content={Content} />;
}
