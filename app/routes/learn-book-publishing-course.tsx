import Content, { meta as page } from "~content/pages/learn-book-publishing-course.mdx";
import { ContentPage, contentMeta } from "~/components/content-page";
import { paths } from "~/paths";

export const meta = contentMeta(page, paths.learnBookPublishing);

export default function LearnBookPublishing() {
  return <ContentPage Content={Content} />;
}
