import Content, { meta as page } from "~content/pages/donate.mdx";
import { ContentPage, contentMeta } from "~/components/content-page";
import { paths } from "~/paths";

export const meta = contentMeta(page, paths.donate);

export default function Donate() {
  return <ContentPage Content={Content} />;
}
