import Content, { meta as page } from "~content/pages/home.mdx";
import { ContentPage, contentMeta } from "~/components/content-page";
import { paths } from "~/paths";

export const meta = contentMeta(page, paths.home);

export default function Home() {
  return <ContentPage Content={Content} />;
}
