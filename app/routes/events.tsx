import Content, { meta as page } from "~content/pages/events.mdx";
import { ContentPage, contentMeta } from "~/components/content-page";
import { paths } from "~/paths";

export const meta = contentMeta(page, paths.events);

export default function Events() {
  return <ContentPage Content={Content} />;
}
