import Content, { meta as page } from "~content/pages/open-source-projects.mdx";
import { ContentPage, contentMeta } from "~/components/content-page";
import { paths } from "~/paths";

export const meta = contentMeta(page, paths.openSourceProjects);

export default function OpenSourceProjects() {
  return <ContentPage Content={Content} />;
}
