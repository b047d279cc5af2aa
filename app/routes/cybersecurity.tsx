import Content, { meta as page } from "~content/pages/cybersecurity.mdx";
import { ContentPage, contentMeta } from "~/components/content-page";
import { paths } from "~/paths";

export const meta = contentMeta(page, paths.cybersecurity);

export default function Cybersecurity() {
  return <ContentPage Content={Content} />;
}
