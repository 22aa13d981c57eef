import type { RouteObject } from 'react-router';
import { RouteErrorElement } from '../shell/errors/RouteErrorElement.tsx';
import type { DriveSection } from './actions/entry-actions.ts';

const errorElement = <RouteErrorElement />;

/** A section of the drive: one lazy page module, told its section by the route's handle. */
const section = (driveSection: DriveSection) => ({
  errorElement,
  handle: { driveSection },
  lazy: () => import('./DrivePage.tsx'),
});

/** The drive routes of spec part 2, 2 (the caller puts them behind the login guard). */
export const driveRoutes: RouteObject = {
  path: '/drive',
  errorElement,
  lazy: () => import('./layout/DriveLayout.tsx'),
  children: [
    { index: true, ...section('home') },
    { path: 'folders/:hash', ...section('folder') },
    { path: 'shares', ...section('shares') },
    { path: 'recent', ...section('recent') },
    { path: 'starred', ...section('starred') },
    { path: 'trash', ...section('trash') },
    { path: 'search', ...section('search') },
  ],
};
