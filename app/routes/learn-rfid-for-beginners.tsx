import Content, { meta as page } from "~content/pages/learn-rfid-for-beginners.mdx";
import { ContentPage, contentMeta } from "~/components/content-page";
import { paths } from "~/paths";

export const meta = contentMeta(page, paths.learnRfid);

export default function LearnRfid() {
  return <ContentPage Content={Content} />;
}
