import Content, { meta as page } from "~content/pages/learn-programming-for-beginners.mdx";
import { ContentPage, contentMeta } from "~/components/content-page";
import { paths } from "~/paths";

export const meta = contentMeta(page, paths.learnProgramming);

export default function LearnProgramming() {
  return <ContentPage Content={Content} />;
}
