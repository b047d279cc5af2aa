import Content, { meta as page } from "~content/pages/purchase-and-refund-policy.mdx";
import { ContentPage, contentMeta } from "~/components/content-page";
import { paths } from "~/paths";

export const meta = contentMeta(page, paths.purchaseAndRefundPolicy);

export default function PurchaseAndRefundPolicy() {
  return <ContentPage Content={Content} />;
}
