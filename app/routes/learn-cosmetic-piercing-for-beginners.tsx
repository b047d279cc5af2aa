import Content, { meta as page } from "~content/pages/learn-cosmetic-piercing-for-beginners.mdx";
import { ContentPage, contentMeta } from "~/components/content-page";
import { paths } from "~/paths";

export const meta = contentMeta(page, paths.learnCosmeticPiercing);

export default function LearnCosmeticPiercing() {
  return <ContentPage Content={Content} />;
}
