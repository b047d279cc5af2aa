import Content, { meta as page } from "~content/pages/volunteer.mdx";
import { ContentPage, contentMeta } from "~/components/content-page";
import { paths } from "~/paths";

export const meta = contentMeta(page, paths.volunteer);

export default function Volunteer() {
  return <ContentPage Content={Content} />;
}
