import Content, { meta as page } from "~content/pages/home.mdx";
import { ContentPage } from "~/components/content-page";
import { pageMeta } from "~/lib/seo";
import { paths } from "~/paths";

export const meta = () => pageMeta({ ...page, path: paths.home });

export default function Home() {
  return <ContentPage Content={Content} />;
}
