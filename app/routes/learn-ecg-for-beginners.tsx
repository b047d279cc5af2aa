import Content, { meta as page } from "~content/pages/learn-ecg-for-beginners.mdx";
import { ContentPage, contentMeta } from "~/components/content-page";
import { paths } from "~/paths";

export const meta = contentMeta(page, paths.learnEcg);

export default function LearnEcg() {
  return <ContentPage Content={Content} />;
}
