import type { BrowseResponse } from '@accountry/shared/listing-browse';
import type { ListingDetail, ListingReportInput } from '@accountry/shared/listing-detail';
import type {
  ListingCard,
  ListingImage,
  ListingCreate,
  ListingUpdate,
  MyListingsResponse,
  OwnListing,
  StatusFilter,
} from '@accountry/shared/listing-schemas';
import type { ListingStatus, SellerStatus } from '@accountry/shared/listings';
import type { ListingReviewRequest } from '@accountry/shared/listing-review-requests';
import { api, csrfHeaders, toQuery, ApiRequestError } from '../../../lib/api';

export const listingKeys = {
  browse: (q: Record<string, unknown>) => ['listings', 'browse', q] as const,
  detail: (id: string) => ['listing', id] as const,
  similar: (id: string) => ['listings', 'similar', id] as const,
  /** Every page of the seller's listings, whatever its tab or search: what a change to one of them reads again. */
  allMine: ['my-listings'] as const,
  mine: (status: StatusFilter, q: string) => [...listingKeys.allMine, status, q] as const,
  own: (id: string) => ['own-listing', id] as const,
};

type BrowseApiQuery = Record<string, string | number | boolean | undefined>;
/** The request for one page of /browse results. */
export const browseUrl = (q: BrowseApiQuery, cursor: string | null) => `/api/listings${toQuery({ ...q, cursor })}`;
export const fetchBrowse = (q: BrowseApiQuery, cursor: string | null, signal?: AbortSignal) =>
  api<BrowseResponse>(browseUrl(q, cursor), { signal });
export const fetchListing = (id: string) => api<ListingDetail>(`/api/listings/${encodeURIComponent(id)}`);
export const fetchSimilar = (id: string) =>
  api<{ items: ListingCard[] }>(`/api/listings/${encodeURIComponent(id)}/similar`);
export const reportListing = (id: string, body: ListingReportInput) =>
  api<{ id: string }>(`/api/listings/${encodeURIComponent(id)}/report`, { body });
/** Lifts the viewer's block of a seller: blocks are the chat's, and this is its route. */
export const unblockSeller = (sellerId: string) =>
  api<void>(`/api/chat/blocks/${encodeURIComponent(sellerId)}`, { method: 'DELETE' });

export const fetchMyListings = (status: StatusFilter, q: string, cursor: string | null) =>
  api<MyListingsResponse>(`/api/my/listings${toQuery({ status, q, cursor })}`);
export const fetchOwnListing = (id: string) => api<OwnListing>(`/api/my/listings/${encodeURIComponent(id)}`);
/** A create names the request id its form made: sent again after a lost reply, it answers the first listing. */
export const createListing = (body: ListingCreate) => api<OwnListing>('/api/listings', { body });
/** A save names the content version the form was loaded with: 409 when another save went first. */
export const updateListing = (id: string, body: ListingUpdate) =>
  api<OwnListing>(`/api/listings/${encodeURIComponent(id)}`, { method: 'PUT', body });
/** A status change names the status the screen showed: 409 when the listing moved on from it. */
export const setListingStatus = (id: string, status: SellerStatus, from: ListingStatus) =>
  api<OwnListing>(`/api/listings/${encodeURIComponent(id)}/status`, { body: { status, from } });
/** A hidden listing's seller asks a moderator for another look, at the content version their page shows (decision 259). */
export const requestListingReview = (id: string, body: ListingReviewRequest) =>
  api<OwnListing>(`/api/listings/${encodeURIComponent(id)}/review-request`, { body });
export const duplicateListing = (id: string) =>
  api<OwnListing>(`/api/listings/${encodeURIComponent(id)}/duplicate`, { method: 'POST' });
export const deleteListing = (id: string) => api<void>(`/api/listings/${encodeURIComponent(id)}`, { method: 'DELETE' });
export const deleteImage = (id: string, imageId: string) =>
  api<void>(`/api/listings/${encodeURIComponent(id)}/images/${encodeURIComponent(imageId)}`, { method: 'DELETE' });
export const reorderImages = (id: string, ids: string[]) =>
  api<{ images: ListingImage[] }>(`/api/listings/${encodeURIComponent(id)}/images/order`, {
    method: 'PUT',
    body: { ids },
  });

/** Upload one screenshot with progress (fetch cannot report upload progress, XMLHttpRequest can). */
export function uploadImage(
  listingId: string,
  file: File,
  onProgress: (fraction: number) => void,
): Promise<ListingImage> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `/api/listings/${encodeURIComponent(listingId)}/images`);
    for (const [k, v] of Object.entries(csrfHeaders())) xhr.setRequestHeader(k, v);
    xhr.setRequestHeader('accept', 'application/json');
    xhr.upload.onprogress = (e) => e.lengthComputable && onProgress(e.loaded / e.total);
    xhr.onload = () => {
      let data: { error?: { code: string; message: string; fields?: Record<string, string> } } | ListingImage | null =
        null;
      try {
        data = JSON.parse(xhr.responseText);
      } catch {
        data = null;
      }
      if (xhr.status >= 200 && xhr.status < 300) return resolve(data as ListingImage);
      const e = (data as { error?: { code: string; message: string; fields?: Record<string, string> } } | null)?.error;
      reject(
        new ApiRequestError(
          xhr.status,
          e?.code ?? 'UNKNOWN',
          e?.message ?? `Upload failed (${xhr.status})`,
          e?.fields ?? {},
        ),
      );
    };
    xhr.onerror = () =>
      reject(new ApiRequestError(0, 'NETWORK', 'Network error. Please check your internet connection and try again.'));
    const form = new FormData();
    form.append('file', file, file.name);
    xhr.send(form);
  });
}
