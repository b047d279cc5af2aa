import Content, { meta as page } from "~content/pages/terms-and-conditions.mdx";
import { ContentPage, contentMeta } from "~/components/content-page";
import { paths } from "~/paths";

export const meta = contentMeta(page, paths.termsAndConditions);

export default function TermsAndConditions() {
  return <ContentPage Content={Content} />;
}
