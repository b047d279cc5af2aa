import Content, { meta as page } from "~content/pages/learn-neuroscience-for-beginners.mdx";
import { ContentPage, contentMeta } from "~/components/content-page";
import { paths } from "~/paths";

export const meta = contentMeta(page, paths.learnNeuroscience);

export default function LearnNeuroscience() {
  return <ContentPage Content={Content} />;
}
