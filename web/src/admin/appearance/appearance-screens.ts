// Every screen of the appearance editor, so the route table points at one chunk (one request, short route table).
export { SectionList } from './sections/SectionList.tsx';
export { GeneralSection } from './sections/general/GeneralSection.tsx';
export { SeoSection } from './sections/seo/SeoSection.tsx';
export { CustomCodeSection } from './sections/code/CustomCodeSection.tsx';
export {
  LandingSectionList,
  LandingGeneral,
  LandingActionButtons,
  LandingPrimaryFeatures,
  LandingSecondaryFeatures,
  LandingFaq,
} from './sections/landing/LandingSections.tsx';
export { ThemesList } from './themes/ThemesList.tsx';
export { ThemeEditorLayout } from './themes/ThemeEditorLayout.tsx';
export { ThemeColors } from './themes/ThemeColors.tsx';
export { ThemeFontPanel } from './themes/ThemeFontPanel.tsx';
export { ThemeRadiusPanel } from './themes/ThemeRadiusPanel.tsx';
export { MenusList } from './menus/MenusList.tsx';
export { MenuEditorLayout } from './menus/MenuEditorLayout.tsx';
export { MenuEditor } from './menus/MenuEditor.tsx';
export { MenuItemEditor } from './menus/MenuItemEditor.tsx';
