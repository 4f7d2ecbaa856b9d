import type { Me, PublicProfile } from '@otakura/shared';
import { ArrowLeft, Cake, Camera, ImagePlus } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Avatar } from '@/components/ui/avatar';
import { IconButton } from '@/components/ui/icon-button';
import { useDocumentTitle } from '@/components/page/page';
import { formatCompact, formatCount } from '@/lib/format';
import type { FollowSide } from '../api/user-keys';
import { FollowListModal } from './follow-list-modal';
import { ImageUploadModal } from './image-upload-modal';
import { SetOnceField } from './set-once-field';
import './profile-view.css';

export interface ProfileViewProps {
  profile: PublicProfile;
  /** The signed-in user's own data: makes the pictures editable and shows bio/birthday inputs while empty. */
  me?: Me;
  /** Right of the avatar: the Follow button on other users' profiles. */
  actions?: ReactNode;
  /** Between the counts and the posts: the owned volumes shelf. */
  shelves?: ReactNode;
  /** Under the counts: the posts grid. */
  children?: ReactNode;
}

/** Back to where the user came from, or to the feed when the profile was opened directly. */
export function useBack(): () => void {
  const navigate = useNavigate();
  return () => {
    const idx = (window.history.state as { idx?: number } | null)?.idx ?? 0;
    if (idx > 0) void navigate(-1);
    else void navigate('/feed');
  };
}

/**
 * Spec §2: banner, avatar, @username, description (default 'No Description Yet'), counts of
 * Posts, Followers and Following, and a back button. Own and other profiles share this layout.
 */
export function ProfileView({ profile, me, actions, shelves, children }: ProfileViewProps) {
  const { t } = useTranslation('users');
  const back = useBack();
  const own = me !== undefined;
  const [upload, setUpload] = useState<'avatar' | 'banner' | null>(null);
  const [list, setList] = useState<FollowSide | null>(null);
  useDocumentTitle(`@${profile.username}`);

  const bannerImg = profile.bannerUrl ? (
    <img
      src={profile.bannerUrl}
      alt={t('profile.bannerAlt', { username: profile.username })}
      className="profile__banner-img"
    />
  ) : (
    <span className="profile__banner-empty" aria-hidden="true" />
  );

  return (
    <article className="profile" aria-labelledby="profile-username">
      <div className="profile__hero">
        {own ? (
          <button
            type="button"
            className="profile__banner profile__banner--editable"
            onClick={() => setUpload('banner')}
            // The name is the chip's visible words (speech input users say what they see).
            aria-label={t('upload.bannerTitle')}
          >
            {bannerImg}
            <span className="profile__edit-chip" aria-hidden="true">
              <ImagePlus />
              <span className="profile__edit-chip-text">{t('upload.bannerTitle')}</span>
            </span>
          </button>
        ) : (
          <div className="profile__banner">{bannerImg}</div>
        )}
        <IconButton aria-label={t('profile.back')} className="profile__back" onClick={back}>
          <ArrowLeft aria-hidden="true" />
        </IconButton>
      </div>

      <div className="profile__head">
        {own ? (
          <button
            type="button"
            className="profile__avatar profile__avatar--editable"
            onClick={() => setUpload('avatar')}
            aria-label={t('upload.avatarTitle')}
          >
            <Avatar
              src={profile.avatarUrl}
              name={profile.name || profile.username}
              size={128}
              decorative
            />
            <span className="profile__avatar-edit" aria-hidden="true">
              <Camera />
            </span>
          </button>
        ) : (
          <div className="profile__avatar">
            <Avatar src={profile.avatarUrl} name={profile.name || profile.username} size={128} />
          </div>
        )}
        {actions ? <div className="profile__actions">{actions}</div> : null}
      </div>

      <div className="profile__identity">
        <h1 id="profile-username" className="profile__username">
          @{profile.username}
        </h1>
        {profile.name ? <p className="profile__name">{profile.name}</p> : null}
      </div>

      <div className="profile__about">
        {profile.bio ? (
          <p className="profile__bio">{profile.bio}</p>
        ) : own ? (
          <SetOnceField field="bio" hideLabel className="profile__set-once" />
        ) : (
          <p className="profile__bio profile__bio--empty">{t('profile.noDescription')}</p>
        )}
        {me ? (
          me.birthday ? (
            <p className="profile__birthday">
              <Cake aria-hidden="true" />
              <span className="visually-hidden">{t('profile.birthday')}: </span>
              {me.birthday}
            </p>
          ) : (
            <SetOnceField field="birthday" hideLabel className="profile__set-once" />
          )
        ) : null}
      </div>

      <ul className="profile__counts" aria-label={t('profile.countsLabel')}>
        <li className="profile__count">
          <span className="profile__count-value" title={formatCount(profile.postCount)}>
            {formatCompact(profile.postCount)}
          </span>
          <span className="profile__count-label">{t('profile.posts')}</span>
        </li>
        <li>
          <button
            type="button"
            className="profile__count profile__count--button"
            onClick={() => setList('followers')}
            aria-haspopup="dialog"
          >
            <span className="profile__count-value" title={formatCount(profile.followerCount)}>
              {formatCompact(profile.followerCount)}
            </span>
            <span className="profile__count-label">{t('profile.followers')}</span>
          </button>
        </li>
        <li>
          <button
            type="button"
            className="profile__count profile__count--button"
            onClick={() => setList('following')}
            aria-haspopup="dialog"
          >
            <span className="profile__count-value" title={formatCount(profile.followingCount)}>
              {formatCompact(profile.followingCount)}
            </span>
            <span className="profile__count-label">{t('profile.following')}</span>
          </button>
        </li>
      </ul>

      {shelves}

      {children ? (
        <section className="profile__posts" aria-labelledby="profile-posts-heading">
          <h2 id="profile-posts-heading" className="profile__section-title">
            {t('posts.heading')}
          </h2>
          {children}
        </section>
      ) : null}

      <FollowListModal userId={profile.id} side={list} onClose={() => setList(null)} own={own} />
      {me ? (
        <>
          <ImageUploadModal
            kind="avatar"
            open={upload === 'avatar'}
            onOpenChange={(open) => setUpload(open ? 'avatar' : null)}
            currentUrl={me.avatarUrl}
            name={me.name || me.username}
          />
          <ImageUploadModal
            kind="banner"
            open={upload === 'banner'}
            onOpenChange={(open) => setUpload(open ? 'banner' : null)}
            currentUrl={me.bannerUrl}
            name={me.name || me.username}
          />
        </>
      ) : null}
    </article>
  );
}
