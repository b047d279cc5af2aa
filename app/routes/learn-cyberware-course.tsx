import Content, { meta as page } from "~content/pages/learn-cyberware-course.mdx";
import { ContentPage, contentMeta } from "~/components/content-page";
import { paths } from "~/paths";

export const meta = contentMeta(page, paths.learnCyberware);

export default function LearnCyberware() {
  return <ContentPage Content={Content} />;
}
