import Content, {
  meta as page,
} from "~content/pages/learn-biomedical-engineering-maths-for-beginners.mdx";
import { ContentPage, contentMeta } from "~/components/content-page";
import { paths } from "~/paths";

export const meta = contentMeta(page, paths.learnBiomedicalEngineeringMaths);

export default function LearnBiomedicalEngineeringMaths() {
  return <ContentPage Content={Content} />;
}
