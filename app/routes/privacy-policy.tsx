import Content, { meta as page } from "~content/pages/privacy-policy.mdx";
import { ContentPage, contentMeta } from "~/components/content-page";
import { paths } from "~/paths";

export const meta = contentMeta(page, paths.privacyPolicy);

export default function PrivacyPolicy() {
  return <ContentPage Content={Content} />;
}
